import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FieldShell, Form, useAppForm } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useDiscountCode } from '../api/get-discount-code';
import { useEnteredCode } from './active-discount';

/**
 * The discount-code field of /credits. An applied code lives in the address (`?code=`), so it
 * travels with the chosen bundle to its checkout and survives a reload; discountcode.php's
 * answer decides whether it applies, and its refusal ('Code niet gevonden', 'Code reeds
 * gebruikt') shows at the field, also for a code the address came with.
 */
export function DiscountCodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const entered = useEnteredCode();
  const [, setSearchParams] = useSearchParams();
  const check = useDiscountCode(entered);
  const form = useAppForm<{ code: string }>({ defaultValues: { code: entered ?? '' } });

  function setCode(code: string | null) {
    setSearchParams(
      (params) => {
        if (code) params.set('code', code);
        else params.delete('code');
        return params;
      },
      { replace: true },
    );
  }

  /** A blank field takes the code off; the same code again is checked again. */
  async function send({ code }: { code: string }) {
    const trimmed = code.trim();
    if (trimmed === entered) await check.refetch();
    else setCode(trimmed || null);
  }

  function handleRemove() {
    form.setValue('code', '');
    setCode(null);
  }

  const error = check.isError
    ? check.error instanceof ApiError && check.error.status < 500
      ? errorText(check.error, t('payments.discount.checkFailed'))
      : t('payments.discount.checkFailed')
    : null;
  const applied = check.data?.discount;
  const busy = check.isFetching || form.formState.isSubmitting;

  // The check's answer is announced where it shows (a live region), so the field keeps its
  // shell's label but not its error slot.
  return (
    <Form className="discount-form" form={form} onSubmit={send}>
      <FieldShell id={id} label={t('payments.discount.label')}>
        <div className="discount-form__row">
          <input
            id={id}
            className={`form-control${error ? ' is-invalid' : ''}`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-status`}
            {...form.register('code')}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            {busy ? t('payments.discount.checking') : t('payments.discount.apply')}
          </button>
        </div>
      </FieldShell>
      <div id={`${id}-status`} aria-live="polite">
        {error && <p className="invalid-feedback d-block mb-0">{error}</p>}
        {applied && !check.isFetching && (
          <p className="discount-form__applied">
            {t('payments.discount.applied', { code: applied.code, percent: applied.value_percentage })}{' '}
            <button type="button" className="btn btn-link discount-form__remove" onClick={handleRemove}>
              {t('payments.discount.remove')}
            </button>
          </p>
        )}
      </div>
    </Form>
  );
}
