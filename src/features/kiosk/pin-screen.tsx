import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import Delete from 'lucide-react/icons/delete';
import { useTranslation } from 'react-i18next';
import { Input, Label } from 'reactstrap';
import { useAppDispatch } from '../../app/hooks';
import type { KioskGuard } from '@contract/guard-app';
import { GuardPhoto } from './guard-photo';
import { useFailureText } from './kiosk-failure';
import { KioskFormActions } from './kiosk-form-actions';
import { KioskScreen, useFocusOnMount } from './kiosk-screen';
import { pinCancelled, verifyPin } from './kiosk-slice';

const PIN_LENGTH = 6;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * The picked guard's PIN on a large keypad. The field takes a physical keyboard's digits,
 * Backspace and Enter as well; it asks the device for no on-screen keyboard, the keypad being one.
 */
export function PinScreen({ guard }: { guard: KioskGuard }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const fieldId = useId();
  const field = useFocusOnMount<HTMLInputElement>();
  const [pin, setPin] = useState('');
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const type = (digit: string) => setPin((value) => (value + digit).slice(0, PIN_LENGTH));
  const erase = () => setPin((value) => value.slice(0, -1));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pin.length !== PIN_LENGTH || checking) return;
    setChecking(true);
    setFailure(null);
    try {
      // On success the kiosk moves on to the guard's menu.
      await dispatch(verifyPin({ guard, pin })).unwrap();
    } catch (refusal) {
      setFailure(refusal);
      setPin('');
      setChecking(false);
      field.current?.focus();
    }
  }

  /** A physical keyboard's digits and Backspace work wherever focus is on the keypad. */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.target === field.current || event.altKey || event.ctrlKey || event.metaKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      type(event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      erase();
    }
  }

  return (
    <KioskScreen title={t('pin.title')} focusHeading={false} className="kiosk-narrow kiosk-pin">
      <form
        className="kiosk-pin-form"
        onSubmit={(event) => void submit(event)}
        onKeyDown={onKeyDown}
        autoComplete="off"
      >
        {/* Beside the keypad on a wide screen, so that Confirm stays in view without scrolling. */}
        <div className="kiosk-pin-entry">
          <div className="kiosk-pin-guard">
            <GuardPhoto name={guard.name} url={guard.profile_image_url} size="large" />
            <p className="kiosk-guard-name">{guard.name}</p>
          </div>
          <Label for={fieldId} className="kiosk-label">
            {t('pin.field', { name: guard.name })}
          </Label>
          <Input
            id={fieldId}
            innerRef={field}
            type="password"
            inputMode="none"
            autoComplete="off"
            className="kiosk-pin-field"
            aria-describedby={`${fieldId}-hint`}
            value={pin}
            readOnly={checking}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
          />
          <p id={`${fieldId}-hint`} className="kiosk-hint">
            {t('pin.hint')}
          </p>
          {failure ? (
            <p role="alert" className="kiosk-error">
              {failureText(failure)}
            </p>
          ) : null}
        </div>
        <div className="kiosk-pin-pad">
          <div role="group" aria-label={t('pin.keypad')} className="kiosk-keypad">
            {DIGITS.map((digit) => (
              <button
                key={digit}
                type="button"
                className="btn btn-light kiosk-key"
                disabled={checking}
                onClick={() => type(digit)}
              >
                {digit}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-light kiosk-key kiosk-key-word"
              disabled={checking}
              onClick={() => setPin('')}
            >
              {t('pin.clear')}
            </button>
            <button
              type="button"
              className="btn btn-light kiosk-key"
              disabled={checking}
              onClick={() => type('0')}
            >
              0
            </button>
            <button
              type="button"
              className="btn btn-light kiosk-key"
              disabled={checking}
              aria-label={t('pin.delete')}
              onClick={erase}
            >
              <Delete size={32} aria-hidden="true" />
            </button>
          </div>
          <KioskFormActions
            busy={checking}
            backLabel={t('common.back')}
            onBack={() => dispatch(pinCancelled())}
            submitLabel={checking ? t('pin.checking') : t('pin.confirm')}
            submitDisabled={pin.length !== PIN_LENGTH}
          />
        </div>
      </form>
    </KioskScreen>
  );
}
