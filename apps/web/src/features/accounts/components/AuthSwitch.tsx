import { useNavigate } from 'react-router';

interface AuthSwitchProps {
  question: string;
  linkLabel: string;
  to: string;
}

/** The line under login and register that opens the other one. */
export function AuthSwitch({ question, linkLabel, to }: AuthSwitchProps) {
  const navigate = useNavigate();
  return (
    <p className="mm-auth-switch">
      {question}
      {/* Replace, so going back and forth between the two does not pile up history to step back through. */}
      <button type="button" className="mm-link" onClick={() => navigate(to, { replace: true })}>
        {linkLabel}
      </button>
    </p>
  );
}
