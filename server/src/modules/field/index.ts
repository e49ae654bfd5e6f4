/** The field module's public door: what other modules may use (docs/architecture.md). */
export {
  decodePhoto,
  photoBody,
  photoUnder,
  storedPhoto,
  storePhotoByKey,
} from './field-photos.service';
