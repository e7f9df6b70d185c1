/** The /login route inside the console (after logout or an expired session): log in, reload the user, go on. */
import { useNavigate } from 'react-router';
import { useInitialState } from '../../app/initial-state';
import { LoginView } from './LoginView';

export default function Login() {
  const { refresh } = useInitialState();
  const navigate = useNavigate();
  return (
    <LoginView
      onLoggedIn={async (target) => {
        // Back to a page of the site: a full navigation, the console has nothing more to show.
        if (!target.startsWith('#')) return window.location.assign(target);
        await refresh();
        navigate(target.replace(/^#/, ''), { replace: true });
      }}
    />
  );
}
