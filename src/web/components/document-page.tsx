import type { ReactNode } from 'react';

/** Layout for long-form pages (Help, Privacy Policy, Terms of Service). */
export function DocumentPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold text-primary sm:text-4xl">{title}</h1>
      <div className="mt-3 text-muted-foreground">{intro}</div>
      <div className="mt-10 space-y-10">{children}</div>
    </div>
  );
}

export function DocumentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-3 text-xl font-semibold">{title}</h2>
      <div className="space-y-3 leading-relaxed text-foreground/85 [&_ul>li]:ml-5 [&_ul>li]:list-disc [&_ul]:space-y-1.5">{children}</div>
    </section>
  );
}
