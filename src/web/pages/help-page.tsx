import { AlertCircle, FileUp, FolderPlus, Link2, LifeBuoy, SearchCheck, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentPage, DocumentSection } from '../components/document-page.tsx';
import { ReportIssueButton } from '../components/report-issue.tsx';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../components/ui/accordion.tsx';
import { useLimits } from '../lib/limits.ts';

export function HelpPage() {
  const { uploadLimit, retention, trash } = useLimits();

  const steps: { icon: ReactNode; title: string; text: string }[] = [
    { icon: <FolderPlus aria-hidden />, title: 'Create a case', text: 'Give each matter its own case with a unique case number and a title.' },
    { icon: <FileUp aria-hidden />, title: 'Upload PDFs', text: `Upload your brief and trial record as PDF files, up to ${uploadLimit} each.` },
    { icon: <Link2 aria-hidden />, title: 'AI processing', text: 'Pages are read (with OCR where needed), the index is detected and each index item is linked to the page where it starts.' },
    { icon: <Download aria-hidden />, title: 'Review and download', text: 'Confirm, remove or correct each link, approve the document, and download the court-ready PDF.' },
  ];

  const faq: [string, ReactNode][] = [
    ['What happens if my document has no clear index?', 'The document cannot be linked automatically and you are notified. You can then enter the index pages yourself (for example 2,3,4 or 2-5) in Review and run linking again.'],
    ['How many links will my document get?', 'Exactly one per index item: a brief whose index lists 13 tabs gets 13 links, never more and never fewer. An item whose page cannot be found stays on the review list for you to set; it never becomes a broken link.'],
    ['Can I upload password-protected PDFs?', 'No. Password-protected files fail with a clear reason on the document. Remove the password and upload the file again; the rest of the case is not affected.'],
    ['Does OCR read special symbols?', 'Yes. Scanned pages are read by OCR, including special symbols such as stars, bullets and arrows that often mark tabs in an index.'],
    ['What files and sizes are accepted?', `PDF files only, up to ${uploadLimit} per file. You can upload several files at once.`],
    ['How long are my documents kept?', `Each document is kept for ${retention} after upload and then deleted automatically with its generated files; a case goes once it is that old and empty. You can delete a case, with all its documents, at any time: it waits ${trash} in the Trash, where an administrator can restore it or delete it at once, then it is deleted for good.`],
  ];

  return (
    <DocumentPage title="Help" intro="Everything you need to turn a brief into a court-ready, hyperlinked PDF.">
      <DocumentSection title="Quick start">
        <ol className="grid gap-4 sm:grid-cols-2">
          {steps.map((s, i) => (
            <li key={s.title} className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
              <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground [&_svg]:size-5">{s.icon}</div>
              <div>
                <p className="text-xs font-semibold uppercase tracking-wide text-accent">Step {i + 1}</p>
                <h3 className="font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </DocumentSection>

      <DocumentSection title="Frequently asked questions">
        <Accordion type="single" collapsible className="rounded-xl border border-border bg-card px-5 shadow-sm">
          {faq.map(([q, a], i) => (
            <AccordionItem key={q} value={`faq-${i}`}>
              <AccordionTrigger>{q}</AccordionTrigger>
              <AccordionContent>{a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </DocumentSection>

      <DocumentSection title="Troubleshooting">
        <div className="grid gap-4">
          <Trouble icon={<AlertCircle aria-hidden />} title="Processing failed">
            Check that the file is a PDF, is not password-protected and is within {uploadLimit}. Use Retry on the document; if it fails
            again, the reason is shown on the document.
          </Trouble>
          <Trouble icon={<SearchCheck aria-hidden />} title="Incorrect hyperlinks">
            Open Review Hyperlinks for the case. Correct the target page of any link, remove a wrong link, or confirm the right ones,
            then regenerate the PDF before approving it.
          </Trouble>
          <Trouble icon={<LifeBuoy aria-hidden />} title="Need more help?">
            Use the ‘Report an Issue’ button (in the menu under your initials, top right, and on every error screen) to describe the problem. We answer non-critical issues within 24 hours.
            <ReportIssueButton className="mt-3 flex w-fit" />
          </Trouble>
        </div>
      </DocumentSection>
    </DocumentPage>
  );
}

function Trouble({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
      <div className="mt-0.5 text-primary [&_svg]:size-5">{icon}</div>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
