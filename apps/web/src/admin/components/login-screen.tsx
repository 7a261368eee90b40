import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isStaffAuthError } from '../api/admin-request';
import type { StaffLoginResponse, StaffTotpResponse } from '../api/contract';
import { useStaffSession, type StaffSession } from '../api/get-me';
import { useStaffLogin } from '../api/login';
import { adminKeys } from '../api/query-keys';
import { useSubmitTotp } from '../api/submit-totp';
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
  const problemText = useProblemText();
  const login = useStaffLogin();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: onNext });
  }

  return (
    <form className="admin-login__step" onSubmit={handleSubmit} aria-busy={login.isPending}>
      <h1 className="admin-login__title">{t('login.title')}</h1>
      {notice && !login.isError && (
        <div className="alert alert-warning" role="alert">
          {notice}
        </div>
      )}
      {login.isError && (
        <div className="alert alert-danger" role="alert">
          {problemText(login.error)}
        </div>
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor={emailId}>
          {t('login.email')}
        </label>
        <input
          id={emailId}
          className="form-control"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={passwordId}>
          {t('login.password')}
        </label>
        <input
          id={passwordId}
          className="form-control"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={login.isPending}>
        {t('login.submit')}
      </button>
    </form>
  );
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
  const codeId = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    const valid = useRecovery ? value.length >= 8 && value.length <= 32 : /^\d{6}$/.test(value);
    setInvalid(!valid);
    if (!valid) return;
    totp.mutate(useRecovery ? { recovery_code: value } : { code: value }, {
      onSuccess: onVerified,
      onError: (error) => {
        if (isStaffAuthError(error)) onExpired(problemText(error));
        else setCode('');
      },
    });
  }

  function handleSwitch() {
    setUseRecovery((value) => !value);
    setCode('');
    setInvalid(false);
    totp.reset();
  }

  const errorId = `${codeId}-error`;
  const label = useRecovery ? t('login.recoveryCode') : t('login.code');

  return (
    <form className="admin-login__step" onSubmit={handleSubmit} aria-busy={totp.isPending} noValidate>
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
      {totp.isError && !isStaffAuthError(totp.error) && (
        <div className="alert alert-danger" role="alert">
          {problemText(totp.error)}
        </div>
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor={codeId}>
          {label}
        </label>
        <input
          id={codeId}
          key={useRecovery ? 'recovery' : 'code'}
          className={`form-control admin-code-input${invalid ? ' is-invalid' : ''}`}
          type="text"
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          pattern={useRecovery ? undefined : '[0-9]{6}'}
          maxLength={useRecovery ? 32 : 6}
          spellCheck={false}
          autoFocus
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          value={code}
          onChange={(e) => setCode(useRecovery ? e.target.value : e.target.value.replace(/\D/g, ''))}
        />
        {invalid && (
          <div id={errorId} className="invalid-feedback d-block">
            {useRecovery ? t('login.recoveryInvalid') : t('login.codeInvalid')}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={totp.isPending}>
        {t('login.verify')}
      </button>
      {!enroll && (
        <button type="button" className="btn btn-link w-100 mt-2" onClick={handleSwitch}>
          {useRecovery ? t('login.useCode') : t('login.useRecovery')}
        </button>
      )}
    </form>
  );
}
