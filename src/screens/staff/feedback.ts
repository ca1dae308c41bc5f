/** A flow's server confirmation and failure as toasts, in the user's language (docs/i18n.md). */
import { useEffect, useRef } from 'react';
import type { Feedback } from '@/machines/shared/feedback';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { useToast } from '@/ui/toast';

export function useFlowToasts(feedback: Feedback | null, error: unknown) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const shown = useRef(0);
  useEffect(() => {
    if (!feedback || feedback.seq === shown.current) return;
    shown.current = feedback.seq;
    const [area, name] = feedback.code.split('.');
    const key = `${area === 'staff_notice' ? 'staff' : area}.success.${name}`;
    const text = t(key as never);
    toast.show(text && text !== key ? text : feedback.text, 'success');
  }, [feedback, toast, t]);
  useEffect(() => {
    if (error) toast.show(errorText(error), 'error');
  }, [error, toast, errorText]);
}
