import { Logo } from '../../../components/Logo';

/** The logo and greeting on top of login and register. */
export function AuthHeader({ heading, subtitle }: { heading: string; subtitle: string }) {
  return (
    <div className="mm-auth-header">
      <Logo size={60} />
      <h1>{heading}</h1>
      <p>{subtitle}</p>
    </div>
  );
}
