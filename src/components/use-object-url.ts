import { useEffect, useMemo } from 'react';

/**
 * A URL for a file in memory (a photo's preview), made when the file changes and released when
 * it changes again or the component goes, so previews never hold their files for ever.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
