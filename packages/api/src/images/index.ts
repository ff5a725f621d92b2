/**
 * What other domains use of images/: storing an image's bytes and row, deleting images and
 * their bytes, reading a photo a file or a phone brings, and the upload size limit.
 */
export {
  deleteImages,
  notInHistory,
  imageRow,
  ownedImage,
  removeBytes,
  storeImage,
  type StoredImage,
} from './images.service';
export { photoSource } from './photo-source';
export { IMAGE_MAX_BYTES } from './process';
