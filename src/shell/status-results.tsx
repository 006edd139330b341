/**
 * The pages that stand in for a screen: access denied (§8), no licence, no content, not found,
 * a screen that failed. Each is a plain antd Result so they look alike and read the same in both
 * languages. A chunk of its own, loaded when one is first shown (status-pages.tsx): antd's Result
 * carries its 403 / 404 / 500 illustrations (about 9 KiB gzipped), which neither the login page
 * nor a screen that opens needs.
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isSignedIn, signOut } from '../../providers/auth';
import { t as translate } from '../../providers/i18n';

/** Shown instead of a screen the user may not open. */
export function DeniedResult() {
  const { t } = useTranslation();
  return <Result status="403" title={t('shell.denied.title')} subTitle={t('error.routeDenied')} />;
}

/** A full-height frame centring a status page outside the shell. */
function Standalone(props: { readonly children: React.ReactNode }) {
  return <div className="console-standalone">{props.children}</div>;
}

/** `/no-lisence`: the merchant's licence is invalid; only signing in again can help. */
export function NoLicencePage() {
  const { t } = useTranslation();
  return (
    <Standalone>
      <Result
        status="warning"
        title={t('shell.noLicence.title')}
        subTitle={`${t('error.licenseInvalid')} ${t('shell.noLicence.hint')}`}
        extra={
          <Button type="primary" onClick={() => void signOut()}>
            {t('shell.backLogin')}
          </Button>
        }
      />
    </Standalone>
  );
}

/** `/no-content`: signed in, but no menu entry is granted. */
export function NoContentPage() {
  const { t } = useTranslation();
  return (
    <Standalone>
      <Result
        status="info"
        title={t('shell.noContent.title')}
        subTitle={t('shell.noContent.hint')}
        extra={<Button onClick={() => void signOut()}>{t('shell.backLogin')}</Button>}
      />
    </Standalone>
  );
}

/** Inside the shell: a route with no screen (the `/analysis` shell). */
export function EmptyShellPage() {
  const { t } = useTranslation();
  return <Result status="info" title={t('shell.noContent.title')} />;
}

/**
 * Any unknown path. `homePath` (the first menu entry the user may open) comes from the caller:
 * the pages outside the shell load this file too, and the login page's chunk does not carry the catalogue.
 */
export function NotFoundPage(props: { readonly homePath: () => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = isSignedIn();
  return (
    <Standalone>
      <Result
        status="404"
        title={t('shell.notFound.title')}
        subTitle={t('shell.notFound.hint')}
        extra={
          <Button type="primary" onClick={() => navigate(signedIn ? props.homePath() : '/login')}>
            {t(signedIn ? 'shell.backHome' : 'shell.backLogin')}
          </Button>
        }
      />
    </Standalone>
  );
}

/** In place of a screen that failed to load or threw while rendering (screen-error-boundary.tsx). */
export function LoadFailedResult() {
  return (
    <Result
      status="warning"
      title={translate('shell.loadFailed.title')}
      subTitle={translate('shell.loadFailed.hint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {translate('shell.reload')}
        </Button>
      }
    />
  );
}
