/** POST /upload/image: the stored, re-encoded picture. */
export interface UploadedImage {
  url: string
  width: number
  height: number
}
