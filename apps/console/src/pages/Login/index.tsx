/** The /login route inside the console (after logout or an expired session): log in, reload the user, go on. */
import { useNavigate } from 'react-router';
import { useInitialState } from '../../app/initial-state';
import { LoginView } from './LoginView';

export default function Login() {
  const { refresh } = useInitialState();
  const navigate = useNavigate();
  return (
    <LoginView
      onLoggedIn={async (targetHash) => {
        await refresh();
        navigate(targetHash.replace(/^#/, ''), { replace: true });
      }}
    />
  );
}
