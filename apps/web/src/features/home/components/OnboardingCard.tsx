import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useProfile } from '../../accounts/api';
import { useVerificationStatus } from '../../verification/api';
import { type OnboardingStep, pendingSteps } from '../onboarding';

const STEP_PATHS: Record<OnboardingStep, string> = {
  signUp: Paths.login,
  company: Paths.userCenter,
  verify: Paths.faceVerify,
};

/**
 * Home's "get started" steps, each gone once done (logged in, company info complete, real-person
 * verified) and the whole card gone when none is left. Its own chunk: it reads `user/info` and
 * `verify/status`, whose contracts the home route's start-up budget has no room for.
 */
export default function OnboardingCard() {
  const { t } = useTranslation('root');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const profile = useProfile();
  const verification = useVerificationStatus();

  const steps = pendingSteps({
    loggedIn,
    companyComplete: profile.data?.complete_info,
    verified: verification.data?.verified,
  });
  if (steps.length === 0) return null;

  return (
    <section className="mm-card" data-testid="home-onboarding">
      <h2 className="mm-section-title">{t('home.guideTitle')}</h2>
      <ol className="mm-home-steps">
        {steps.map(({ step, number }) => (
          <li key={step}>
            <button
              type="button"
              className="mm-home-step"
              data-testid={`home-step-${step}`}
              onClick={() => navigate(STEP_PATHS[step])}
            >
              <span className="mm-home-step-no">{number}</span>
              <span className="mm-home-step-title">{t(`home.steps.${step}.title`)}</span>
              <span className="mm-home-step-text">{t(`home.steps.${step}.text`)}</span>
            </button>
          </li>
        ))}
      </ol>
      {!loggedIn && (
        <button type="button" className="mm-home-cta" onClick={() => navigate(Paths.login)}>
          {t('home.loginCta')}
        </button>
      )}
    </section>
  );
}
