/** A download button's state: idle, busy, or the last failure's text in the user's language. */
import { useState } from 'react';
import { useErrorText } from '@/i18n/errors';

export function useDownload() {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (go: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await go();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
