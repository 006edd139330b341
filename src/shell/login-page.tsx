/**
 * `/login`: merchant code, user and password. A login whose password expired or must change
 * leads to the change-password form (with the login's reset token) before anything else; only
 * a normal login enters the console.
 */
import { CheckCircleFilled, LockOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { signIn, type Credentials, type LoginState } from '../../providers/auth';
import { wholeTableReady } from '../../providers/i18n';
import { ChangePasswordForm } from './change-password-form';
import { consoleStyles } from './console-styles';
import { LanguageToggle } from './language-toggle';

type Step =
  | { readonly kind: 'login' }
  | {
      readonly kind: 'password';
      readonly state: Exclude<LoginState, 'normal'>;
      readonly resetToken?: string;
      readonly strict: boolean;
      readonly oldPassword: string;
    };

const FEATURES = ['shell.brand.feature.members', 'shell.brand.feature.assets', 'shell.brand.feature.campaigns'];

/** The sign-in page. */
export function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Credentials>();
  const [step, setStep] = useState<Step>({ kind: 'login' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Credentials) => {
    setBusy(true);
    setError(undefined);
    // The catalogue and the console's routes download while the server checks the password, so
    // the first screen after a normal sign-in does not wait for them one after the other.
    const target = import('./login-target');
    void target.catch(() => undefined);
    void import('./console-routes').catch(() => undefined);
    void consoleStyles();
    // The whole translation table (the login page drew with its part) is read meanwhile too.
    void wholeTableReady();
    try {
      const info = await signIn(values);
      if (info.state === 'normal') {
        const { loginTarget } = await target;
        navigate(loginTarget(params.get('to')), { replace: true });
        return;
      }
      setStep({
        kind: 'password',
        state: info.state,
        resetToken: info.resetToken ?? undefined,
        strict: info.useStrict,
        oldPassword: values.password,
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const backToLogin = () => {
    form.setFieldValue('password', '');
    setStep({ kind: 'login' });
  };

  const required = (labelKey: string) => ({ required: true, message: t('validation.required', { label: t(labelKey) }) });

  return (
    <div className="console-login">
      <aside className="console-login-brand">
        <div className="console-logo console-login-logo">
          <span className="console-logo-mark">L</span>
          <span className="console-logo-text">{t('shell.brand')}</span>
        </div>
        <div className="console-login-pitch">
          <h2 className="console-login-tagline">{t('shell.brand.tagline')}</h2>
          <ul className="console-login-features">
            {FEATURES.map((key) => (
              <li key={key}>
                <CheckCircleFilled /> {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <div className="console-login-copyright">{t('shell.login.copyright')}</div>
      </aside>
      <main className="console-login-main">
        <div className="console-login-lang">
          <LanguageToggle />
        </div>
        <div className="console-login-card">
          {step.kind === 'login' ? (
            <>
              <h3 className="console-login-title">{t('shell.login.title')}</h3>
              <p className="console-login-subtitle">{t('shell.login.subtitle')}</p>
              {error && <Alert type="error" showIcon message={error} className="console-form-alert" role="alert" />}
              <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => void submit(values)}>
                <Form.Item name="tenant" label={t('shell.login.tenant')} rules={[required('shell.login.tenant')]}>
                  <Input prefix={<ShopOutlined />} autoComplete="organization" />
                </Form.Item>
                <Form.Item name="login" label={t('shell.login.user')} rules={[required('shell.login.user')]}>
                  <Input prefix={<UserOutlined />} autoComplete="username" />
                </Form.Item>
                <Form.Item name="password" label={t('shell.login.password')} rules={[required('shell.login.password')]}>
                  <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={busy}>
                  {t('shell.login.submit')}
                </Button>
              </Form>
            </>
          ) : (
            <>
              <h3 className="console-login-title">{t('shell.password.title')}</h3>
              <ChangePasswordForm
                resetToken={step.resetToken}
                knownOldPassword={step.oldPassword}
                strict={step.strict}
                notice={t(step.state === 'passwordExpired' ? 'shell.password.expired' : 'shell.password.mustChange')}
                onDone={() => {
                  void message.success(t('shell.password.changedSignIn'));
                  backToLogin();
                }}
                secondary={{ label: t('shell.password.back'), onClick: backToLogin }}
              />
            </>
          )}
        </div>
      </main>
    </div>
  );
}
