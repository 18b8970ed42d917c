import { CourtshipSection } from '#web/features/landing/components/courtship-section';
import { GuidanceCtaSection } from '#web/features/landing/components/guidance-cta-section';
import { HeroSection } from '#web/features/landing/components/hero-section';
import { HowItWorksSection } from '#web/features/landing/components/how-it-works-section';
import { LandingFooter } from '#web/features/landing/components/landing-footer';
import { TestimonialsSection } from '#web/features/landing/components/testimonials-section';
import { WhatThisIsSection } from '#web/features/landing/components/what-this-is-section';
import { WhySection } from '#web/features/landing/components/why-section';

/** Routes / and /about (spec §1–2). Rendered inside the app shell's <main>. */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <WhatThisIsSection />
      <HowItWorksSection />
      <CourtshipSection />
      <WhySection />
      <TestimonialsSection />
      <GuidanceCtaSection />
      <LandingFooter />
    </>
  );
}
