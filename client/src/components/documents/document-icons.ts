import { File, FileImage, FileSpreadsheet, FileText } from 'lucide-react';

/** A document's icon by its kind (domain/documents.ts documentKindOf), where no thumbnail is shown. */
export const documentIcons = {
  pdf: FileText,
  image: FileImage,
  'text-document': FileText,
  spreadsheet: FileSpreadsheet,
  text: FileText,
  other: File,
} as const;
