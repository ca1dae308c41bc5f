/**
 * "Receipt R-000042 (PDF)": downloads a ledger entry's receipt with the session's token (a plain
 * link cannot carry it), shows that it is working, and the server's refusal in the user's language.
 */
import { useState } from 'react';
import { downloadReceipt } from '@/api/online-payments';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/digits';

export function ReceiptButton({ paymentId, receiptNo }: { paymentId: number; receiptNo: string }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex min-h-11 items-center text-left font-semibold text-indigo-700 underline hover:text-indigo-900 disabled:opacity-60"
        onClick={() => {
          setBusy(true);
          setError(null);
          downloadReceipt(paymentId, receiptNo)
            .catch(setError)
            .finally(() => setBusy(false));
        }}
      >
        {t('payments.receiptLink', { receipt: localDigits(receiptNo, lang) })}
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          {errorText(error)}
        </span>
      ) : null}
    </span>
  );
}
