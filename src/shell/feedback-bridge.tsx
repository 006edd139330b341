import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setAuthNavigator, signOut } from '../../providers/auth';
import { REQUEST_ERROR_KEY, setHttpFeedback } from '../../providers/http';

/**
 * Connects the HTTP client and sign-out to the running app: messages and the 401 dialog use
 * antd's context-aware API (theme and locale apply), navigation uses react-router, and the
 * dialog's confirm runs the real sign-out. Renders nothing.
 */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    setAuthNavigator((path) => navigate(path));
    return setHttpFeedback({
      showError: (text) => {
        void message.error({ content: text, key: REQUEST_ERROR_KEY });
      },
      clearErrors: () => message.destroy(REQUEST_ERROR_KEY),
      confirm: ({ title, content, onOk, onClose }) => {
        modal.confirm({ title, content, onOk, afterClose: onClose });
      },
      navigate: (path) => navigate(path),
      logout: () => signOut(),
    });
  }, [message, modal, navigate]);
  return null;
}
