import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardFailure } from '../../api/client';
import { KIOSK_MESSAGES, type KioskMessages } from '../../i18n/kiosk';
import { WATCHLIST_REFUSAL_START } from '@rules/watchlist';
import { useKioskFormat } from './kiosk-format';

type KnownCode = keyof KioskMessages['errors'];

/** A code the kiosk has words for: a key of `errors` in its messages (English has every one). */
function isKnownCode(code: string | null | undefined): code is KnownCode {
  return typeof code === 'string' && Object.hasOwn(KIOSK_MESSAGES.en.errors, code);
}

/**
 * The words for a failed kiosk call (what `unwrap()` rejected with), in the kiosk's language:
 * the kiosk's own message for the answer's code (`errors.<CODE>`), then when to try again if the
 * answer said (Retry-After); the server's words for a code the kiosk does not know; the offline
 * text when no answer came. The server's words stand in the kiosk's only for what they carry that
 * no translation can: a watchlist refusal's reasons, as the company wrote them.
 */
export function useFailureText(): (failure: unknown) => string {
  const { t } = useTranslation('kiosk');
  const format = useKioskFormat();
  return useCallback(
    (failure: unknown) => {
      const { status, message, code, retryAfterSeconds } = (failure ?? {}) as Partial<GuardFailure>;
      if (status === null || (!message && !isKnownCode(code))) return t('common.offline');
      if (!isKnownCode(code)) return message ?? '';
      const reasons = message?.startsWith(WATCHLIST_REFUSAL_START)
        ? message.slice(WATCHLIST_REFUSAL_START.length)
        : '';
      const words = t(`errors.${code}`, { reasons });
      return typeof retryAfterSeconds === 'number'
        ? `${words} ${t('common.tryAgainAfter', { after: format.after(retryAfterSeconds) })}`
        : words;
    },
    [t, format],
  );
}
