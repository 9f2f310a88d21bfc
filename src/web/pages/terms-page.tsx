import { DocumentPage, DocumentSection } from '../components/document-page.tsx';
import { ReportIssueButton } from '../components/report-issue.tsx';
import { useLimits } from '../lib/limits.ts';

/** Terms of Service (spec §2 sections), with the configured upload limit and retention period. */
export function TermsPage() {
  const { uploadLimit, retention } = useLimits();
  return (
    <DocumentPage title="Terms of Service" intro="The terms on which Brieflink is provided to you and your firm.">
      <DocumentSection title="Service Description">
        <p>
          Brieflink turns legal briefs and trial records into court-ready PDFs: it detects a document&apos;s index, finds the page
          where each index item begins, links each index entry to that page and adds matching bookmarks.
        </p>
      </DocumentSection>
      <DocumentSection title="Acceptable Use">
        <ul>
          <li>Upload only PDF documents you are entitled to process, up to {uploadLimit} per file.</li>
          <li>Do not attempt to access cases or accounts you are not authorised to use.</li>
          <li>Do not interfere with the service or use it to store unlawful content.</li>
        </ul>
      </DocumentSection>
      <DocumentSection title="Index-Deterministic Processing">
        <p>
          Exactly one hyperlink is created for each index item: 13 index items give 13 links. An item whose destination cannot
          be found is flagged for review and is never written as a broken link. Documents without a clear index cannot be linked
          automatically, and you are notified.
        </p>
      </DocumentSection>
      <DocumentSection title="Professional Review">
        <p>
          Every link must be reviewed and approved by a qualified legal professional before the document is submitted to a court.
          You remain responsible for the accuracy of anything you file.
        </p>
      </DocumentSection>
      <DocumentSection title="Data Responsibility">
        <p>
          You are responsible for the documents you upload and for keeping your own copies. Data is retained for {retention} and
          then deleted automatically.
        </p>
      </DocumentSection>
      <DocumentSection title="Service Availability">
        <p>We aim for 99.9% uptime. Planned maintenance is announced in advance where possible.</p>
      </DocumentSection>
      <DocumentSection title="Limitation of Liability">
        <p>
          The service is provided as is. To the extent permitted by law, we are not liable for indirect or consequential loss,
          including loss arising from documents filed without professional review.
        </p>
      </DocumentSection>
      <DocumentSection title="Support">
        <p>Support is available through the ‘Report an Issue’ button (in the menu under your initials, top right, and on every error screen); non-critical issues are answered within 24 hours.</p>
        <ReportIssueButton />
      </DocumentSection>
    </DocumentPage>
  );
}
