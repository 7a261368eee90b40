import { useQueryClient } from '@tanstack/react-query';
import { StaffLoginBodySchema, StaffTotpBodySchema, type StaffLoginBody, type StaffTotpBody } from '@app/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isStaffAuthError } from '../api/admin-request';
import type { StaffLoginResponse, StaffTotpResponse } from '../api/contract';
import { useStaffSession, type StaffSession } from '../api/get-me';
import { useStaffLogin } from '../api/login';
import { adminKeys } from '../api/query-keys';
import { useSubmitTotp } from '../api/submit-totp';
import { Form, FormAlert, TextField, useAppForm } from '../../components/form';
import { afterStaffLoginPath } from '../rules';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';
import { LanguageSwitch } from './language-switch';
import { LoadingState, useProblemText } from './states';

type Step =
  | { step: 'password' }
  | { step: 'totp' }
  | { step: 'enroll'; secret: string; otpauthUrl: string }
  | { step: 'codes'; codes: string[]; session: StaffSession };

/**
 * The console's login (/admin/login): e-mail and password, then the second factor: a code of
 * the authenticator (or a recovery code), or on a first login the enrolment (QR code and secret,
 * a first code, then the recovery codes, shown once).
 */
export function LoginScreen() {
  const { staff } = useStaffSession();
  const [step, setStep] = useState<Step>({ step: 'password' });
  const [notice, setNotice] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const from = afterStaffLoginPath((location.state as { from?: string } | null)?.from);

  function enter(session: StaffSession) {
    client.setQueryData<StaffSession>(adminKeys.me, session);
    void navigate(from, { replace: true });
  }

  if (staff && step.step !== 'codes') return <Navigate to={from} replace />;
  if (staff === undefined && step.step === 'password') {
    return (
      <LoginFrame>
        <LoadingState />
      </LoginFrame>
    );
  }

  return (
    <LoginFrame>
      {step.step === 'password' && (
        <PasswordStep
          notice={notice}
          onNext={(answer) => {
            setNotice(null);
            setStep(
              answer.step === 'enroll'
                ? { step: 'enroll', secret: answer.secret, otpauthUrl: answer.otpauth_url }
                : { step: 'totp' },
            );
          }}
        />
      )}
      {(step.step === 'totp' || step.step === 'enroll') && (
        <SecondFactorStep
          enroll={step.step === 'enroll' ? step : null}
          onVerified={({ recovery_codes: codes, ...session }) =>
            codes ? setStep({ step: 'codes', codes, session }) : enter(session)
          }
          onExpired={(message) => {
            setNotice(message);
            setStep({ step: 'password' });
          }}
        />
      )}
      {step.step === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => enter(step.session)} />}
    </LoginFrame>
  );
}

function LoginFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-login">
      <main className="admin-login__card" id="admin-main">
        <p className="admin-brand">{t('brand')}</p>
        {children}
        <div className="admin-login__language">
          <LanguageSwitch />
        </div>
      </main>
    </div>
  );
}

function PasswordStep({ notice, onNext }: { notice: string | null; onNext: (answer: StaffLoginResponse) => void }) {
  const { t } = useTranslation('admin');
  const login = useStaffLogin();
  const form = useAppForm<StaffLoginBody>({
    defaultValues: { email: '', password: '' },
    schema: StaffLoginBodySchema,
  });

  return (
    <Form
      form={form}
      className="admin-login__step"
      alert={false}
      onSubmit={async (body) => onNext(await login.mutateAsync(body))}
    >
      <h1 className="admin-login__title">{t('login.title')}</h1>
      {notice && !form.formError && <FormAlert variant="warning">{notice}</FormAlert>}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField name="email" label={t('login.email')} className="mb-3" type="email" autoComplete="username" required />
      <TextField
        name="password"
        label={t('login.password')}
        className="mb-3"
        type="password"
        autoComplete="current-password"
        required
      />
      <button type="submit" className="btn btn-primary w-100" disabled={form.formState.isSubmitting}>
        {t('login.submit')}
      </button>
    </Form>
  );
}

/** The second step's one field: the authenticator's code, or a recovery code in its place. */
interface CodeDraft {
  code: string;
}

function SecondFactorStep({
  enroll,
  onVerified,
  onExpired,
}: {
  enroll: { secret: string; otpauthUrl: string } | null;
  onVerified: (answer: StaffTotpResponse) => void;
  onExpired: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const problemText = useProblemText();
  const totp = useSubmitTotp();
  const [useRecovery, setUseRecovery] = useState(false);
  const invalid = useRecovery ? t('login.recoveryInvalid') : t('login.codeInvalid');
  const form = useAppForm<CodeDraft, StaffTotpBody>({
    defaultValues: { code: '' },
    schema: StaffTotpBodySchema,
    toRequest: ({ code }) => (useRecovery ? { recovery_code: code } : { code }),
    fieldOf: (path) => (path === 'recovery_code' ? 'code' : path),
    // However a code is wrong, the step says what a code looks like.
    messages: {
      code: {
        field_required: invalid,
        field_invalid: invalid,
        field_too_short: invalid,
        field_too_long: invalid,
      },
    },
  });

  async function verify(body: StaffTotpBody) {
    try {
      onVerified(await totp.mutateAsync(body));
    } catch (error) {
      if (isStaffAuthError(error)) return onExpired(problemText(error));
      form.setValue('code', '');
      throw error;
    }
  }

  function handleSwitch() {
    setUseRecovery((value) => !value);
    form.reset({ code: '' });
  }

  const label = useRecovery ? t('login.recoveryCode') : t('login.code');

  return (
    <Form form={form} className="admin-login__step" alert={false} onSubmit={verify}>
      <h1 className="admin-login__title">{enroll ? t('login.enrollTitle') : t('login.totpTitle')}</h1>
      {enroll ? (
        <>
          <p>{t('login.enrollText')}</p>
          <div className="admin-enroll">
            <QrCode value={enroll.otpauthUrl} label={t('login.qrLabel')} />
            <div>
              <p className="mb-1">{t('login.secretText')}</p>
              <code className="admin-secret" aria-label={t('login.secretLabel')}>
                {enroll.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </div>
          </div>
          <p className="mt-3">{t('login.enrollConfirm')}</p>
        </>
      ) : (
        <p>{useRecovery ? t('login.recoveryText') : t('login.totpText')}</p>
      )}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        name="code"
        label={label}
        className="mb-3"
        controlClassName="admin-code-input"
        type="text"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete={useRecovery ? 'off' : 'one-time-code'}
        maxLength={useRecovery ? 32 : 6}
        spellCheck={false}
        autoFocus
        required
        setValueAs={(value: string) => (useRecovery ? value : value.replace(/\D/g, ''))}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={form.formState.isSubmitting}>
        {t('login.verify')}
      </button>
      {!enroll && (
        <button type="button" className="btn btn-link w-100 mt-2" onClick={handleSwitch}>
          {useRecovery ? t('login.useCode') : t('login.useRecovery')}
        </button>
      )}
    </Form>
  );
}
