/** POST /upload/image (multipart `file`). */
import { Type, type Static } from 'typebox'

/** The stored, re-encoded picture. */
export const UploadedImage = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() })
export type UploadedImage = Static<typeof UploadedImage>
