import { signOutAction } from '../actions/account';

/** Sign-out is a POST (a link could be triggered by prefetching or by another site). */
export function SignOutButton({ next, className = 'btn' }: { next?: string; className?: string }) {
  return (
    <form action={signOutAction}>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <button type="submit" className={className}>
        Odhlásit se
      </button>
    </form>
  );
}
