import { type Timers, globalTimers } from "../tracking/timers";

/** Spec section 9: animation on scroll starts after an initial 100 ms. */
export const AOS_INITIAL_DELAY_MS = 100;
export const AOS_PENDING_CLASS = "aos-pending";
export const AOS_IN_CLASS = "aos-in";
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

export type AnimationPlan = { animate: false } | { animate: true; initialDelayMs: number };

/** The decision: no animation at all when the visitor asks for reduced motion (or we cannot tell). */
export function animationPlan(env: { prefersReducedMotion: boolean | null }): AnimationPlan {
  if (env.prefersReducedMotion !== false) return { animate: false };
  return { animate: true, initialDelayMs: AOS_INITIAL_DELAY_MS };
}

interface AnimatedElement {
  classList: { add(name: string): void; remove(name: string): void };
}

interface EntryLike {
  isIntersecting: boolean;
  target: unknown;
}

interface ObserverLike {
  observe(target: never): void;
  unobserve(target: never): void;
  disconnect(): void;
}

export interface AnimateOnScrollDeps {
  matchMedia?: (query: string) => { matches: boolean };
  createObserver?: (callback: (entries: EntryLike[]) => void) => ObserverLike;
  timers?: Timers;
}

/**
 * Marks elements as pending after the initial delay and reveals each as it
 * scrolls into view. With reduced motion (or without IntersectionObserver)
 * it does nothing, so the elements simply stay visible. Returns a cleanup.
 */
export function animateOnScroll(elements: Iterable<AnimatedElement>, deps: AnimateOnScrollDeps): () => void {
  const plan = animationPlan({
    prefersReducedMotion: deps.matchMedia ? deps.matchMedia(REDUCED_MOTION_QUERY).matches : null,
  });
  if (!plan.animate || !deps.createObserver) return () => {};
  const timers = deps.timers ?? globalTimers;
  const list = [...elements];
  let observer: ObserverLike | null = null;
  const timer = timers.setTimeout(() => {
    observer = deps.createObserver!((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const element = entry.target as AnimatedElement;
        element.classList.remove(AOS_PENDING_CLASS);
        element.classList.add(AOS_IN_CLASS);
        observer?.unobserve(entry.target as never);
      }
    });
    for (const element of list) {
      element.classList.add(AOS_PENDING_CLASS);
      observer.observe(element as never);
    }
  }, plan.initialDelayMs);
  return () => {
    timers.clearTimeout(timer);
    observer?.disconnect();
    for (const element of list) element.classList.remove(AOS_PENDING_CLASS);
  };
}
