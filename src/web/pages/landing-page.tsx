import { CourtshipSection } from '../features/landing/components/courtship-section';
import { GuidanceCtaSection } from '../features/landing/components/guidance-cta-section';
import { HeroSection } from '../features/landing/components/hero-section';
import { HowItWorksSection } from '../features/landing/components/how-it-works-section';
import { LandingFooter } from '../features/landing/components/landing-footer';
import { TestimonialsSection } from '../features/landing/components/testimonials-section';
import { WhatThisIsSection } from '../features/landing/components/what-this-is-section';
import { WhySection } from '../features/landing/components/why-section';

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
