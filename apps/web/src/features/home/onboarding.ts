/** Home's onboarding steps, in the order a new trader takes them. */
export const ONBOARDING_STEPS = ['signUp', 'company', 'verify'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** What is known of the user; `undefined` while its answer has not come yet. */
export type OnboardingFacts = { loggedIn: boolean; companyComplete?: boolean; verified?: boolean };

/**
 * The steps still to do, each keeping its number so "2" stays "2" once "1" is done. A step whose answer
 * has not come is left out rather than shown and then taken away; a visitor has all three ahead.
 */
export function pendingSteps(facts: OnboardingFacts): { step: OnboardingStep; number: number }[] {
  const pending: Record<OnboardingStep, boolean> = facts.loggedIn
    ? { signUp: false, company: facts.companyComplete === false, verify: facts.verified === false }
    : { signUp: true, company: true, verify: true };
  return ONBOARDING_STEPS.map((step, index) => ({ step, number: index + 1 })).filter(({ step }) => pending[step]);
}
