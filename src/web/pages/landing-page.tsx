import { ArrowRight, BadgeCheck, FileSearch, Link2, ListChecks, ScrollText, ShieldCheck, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { IndexPreview } from '../components/index-preview.tsx';
import { Button } from '../components/ui/button.tsx';
import { useLoginHref } from '../lib/auth.ts';

const features: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <Zap aria-hidden />,
    title: 'Instant Processing',
    text: 'Upload briefs and trial records in batches. Pages are read, OCR runs where there is no text layer, and you watch progress in real time.',
  },
  {
    icon: <Link2 aria-hidden />,
    title: 'Smart Linking',
    text: 'The index is detected and every tab or exhibit is linked to the page where it starts — exactly one link per index item, with bookmarks to match.',
  },
  {
    icon: <BadgeCheck aria-hidden />,
    title: 'Professional Review',
    text: 'A lawyer confirms, removes or overrides each link with a confidence score beside it, then approves the document before it goes to court.',
  },
];

const results: { figure: string; label: string; icon: ReactNode }[] = [
  { figure: '1 : 1', label: 'Links per index item', icon: <ListChecks aria-hidden /> },
  { figure: '0', label: 'Broken links', icon: <ShieldCheck aria-hidden /> },
  { figure: '0–100%', label: 'Confidence score on every link', icon: <FileSearch aria-hidden /> },
  { figure: 'Every', label: 'Change recorded in the audit trail', icon: <ScrollText aria-hidden /> },
];

/** Landing (spec §2): hero, three feature cards, results strip, 'Sign In to Get Started'. */
export function LandingPage() {
  const loginHref = useLoginHref();
  return (
    <div>
      <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-card to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-16 sm:px-6 sm:pt-20 lg:grid-cols-[minmax(0,1fr)_26rem]">
          <div className="max-w-3xl">
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-accent/40 bg-accent-soft px-3 py-1 text-xs font-semibold uppercase tracking-wider text-[#7a5f22]">
              For law firms and court filers
            </p>
            <h1 className="font-serif text-4xl font-semibold leading-tight tracking-tight text-primary sm:text-5xl">
              Court-ready hyperlinked briefs, without the late nights.
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">
              Brieflink finds your brief&apos;s index, locates the page where every tab and exhibit begins, and
              produces a bookmarked PDF in which each index entry links straight to its record — ready for your
              review and approval before filing.
            </p>
            <div className="mt-10 flex flex-wrap items-center gap-4">
              <Button asChild size="lg">
                <a href={loginHref}>
                  Sign In to Get Started
                  <ArrowRight aria-hidden />
                </a>
              </Button>
              <p className="text-sm text-muted-foreground">PDF briefs, factums, motion records and appeal books.</p>
            </div>
          </div>
          <div className="hidden lg:block">
            <IndexPreview />
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {features.map((f) => (
            <article key={f.title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
              <div className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5">
                {f.icon}
              </div>
              <h3 className="text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="results-heading" className="bg-primary text-primary-foreground">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="results-heading" className="font-serif text-2xl font-semibold">
            Results you can file with confidence
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-6 lg:grid-cols-4">
            {results.map((r) => (
              <li key={r.label} className="rounded-lg border border-white/15 bg-white/5 p-5">
                <div className="flex items-center gap-2 text-accent [&_svg]:size-5">{r.icon}</div>
                <p className="mt-3 text-3xl font-semibold tracking-tight">{r.figure}</p>
                <p className="mt-1 text-sm text-primary-foreground/75">{r.label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="grid items-center gap-10 md:grid-cols-2">
          <div>
            <h2 className="font-serif text-2xl font-semibold text-primary">Index-deterministic by design</h2>
            <p className="mt-4 leading-relaxed text-muted-foreground">
              Thirteen index items give thirteen links — never more, never fewer. An item whose page cannot be found
              stays on the review list for you to set; it never becomes a broken link in the filed document.
            </p>
          </div>
          <ul className="space-y-3 text-sm">
            {[
              'Batch processing of briefs and trial records',
              'Real-time progress while pages are read',
              'Confidence scoring on every link',
              'An audit trail of who changed what, and when',
              'Zero broken links in the court-ready PDF',
            ].map((item) => (
              <li key={item} className="flex items-start gap-3 rounded-lg border border-border bg-card px-4 py-3">
                <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
