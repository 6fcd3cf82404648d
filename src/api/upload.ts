import type { ApiResult } from '@/contract/envelope'
import type { UploadedImage } from '@/contract/upload'
import { upload } from './request'

export const uploadImage = (filePath: string, onProgress?: (percent: number) => void) =>
  upload<ApiResult<UploadedImage>>('/upload/image', { filePath, onProgress })
