import { registerMessages } from './register';
/** Messages of documents on machines and records (issue 42). */
export const documentsMessages = registerMessages('documents', {
  notFound: 'Document not found.',
  fileMissing: 'No file was sent (the form field is "file").',
  oneFile: 'Send one file at a time.',
  tooLarge: 'The file is too large (at most {{max}} MB).',
  storageFull:
    "The company's storage limit of {{limit}} would be exceeded ({{used}} used). Remove documents or change the plan.",
  type: 'This type of file is not accepted. Send a PDF, an image (JPEG, PNG, WebP, HEIC), an office document (docx, xlsx, odt, ods) or plain text (txt, csv).',
  notMultipart: 'Send the file as multipart/form-data.',
  categoryInvalid:
    'The category must be manual, registration, insurance, warranty, receipt, certificate, photo or other.',
  titleRequired: 'The title is required.',
  replacesOther: 'The document it replaces must be on the same machine.',
  noMachines: 'Name at least one machine.',
  rangeOutside: 'The range asked for is outside the file ({{size}} bytes).',
} as const);
