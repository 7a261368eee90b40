import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useDiscountCode } from '../api/get-discount-code';
import { useEnteredCode } from './active-discount';

/**
 * The discount-code field of /credits. An applied code lives in the address (`?code=`), so it
 * travels with the chosen bundle to its checkout and survives a reload; discountcode.php's
 * answer decides whether it applies, and its refusal ('Code niet gevonden', 'Code reeds
 * gebruikt') shows at the field.
 */
export function DiscountCodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const entered = useEnteredCode();
  const [, setSearchParams] = useSearchParams();
  const [value, setValue] = useState(entered ?? '');
  const check = useDiscountCode(entered);

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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = value.trim();
    if (code === entered) void check.refetch();
    else setCode(code || null);
  }

  function handleRemove() {
    setValue('');
    setCode(null);
  }

  const error = check.isError
    ? check.error instanceof ApiError && check.error.status < 500
      ? errorText(check.error, t('payments.discount.checkFailed'))
      : t('payments.discount.checkFailed')
    : null;
  const applied = check.data?.discount;

  return (
    <form className="discount-form" onSubmit={handleSubmit} noValidate>
      <label className="form-label fw-semibold" htmlFor={id}>
        {t('payments.discount.label')}
      </label>
      <div className="discount-form__row">
        <input
          id={id}
          name="code"
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={check.isFetching}>
          {check.isFetching ? t('payments.discount.checking') : t('payments.discount.apply')}
        </button>
      </div>
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
    </form>
  );
}
