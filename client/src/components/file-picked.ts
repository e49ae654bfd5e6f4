import type { ChangeEvent } from 'react';

/**
 * A file input's onChange: hands `use` the file picked, if one was, and clears the input so that the
 * same file can be picked again.
 */
export const onFilePicked =
  (use: (file: File) => void) =>
  (e: ChangeEvent<HTMLInputElement>): void => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) use(file);
  };
