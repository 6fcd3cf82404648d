/** The response envelope of every API call (product/API.md, Conventions). */
export interface ApiResult<T> {
  code: number
  msg: string
  data: T
}

/** A page of a list: rows plus the total over all pages. */
export interface ApiTable<T> {
  code: number
  msg: string
  rows: T[]
  total: number
}

export interface PageQuery {
  pageNum: number
  pageSize: number
}
