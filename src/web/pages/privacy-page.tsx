import { DocumentPage, DocumentSection } from '../components/document-page.tsx';
import { ReportIssueButton } from '../components/report-issue.tsx';
import { useLimits } from '../lib/limits.ts';

/** Privacy Policy (spec §2 sections), with the configured retention period and upload limit. */
export function PrivacyPage() {
  const { uploadLimit, retention } = useLimits();
  return (
    <DocumentPage title="Privacy Policy" intro="How Brieflink collects, uses and protects the information you entrust to it.">
      <DocumentSection title="Information We Collect">
        <ul>
          <li>Account information: your name and email address, supplied when you sign in.</li>
          <li>Case information you enter, such as case numbers, titles and party names.</li>
          <li>The PDF documents you upload (up to {uploadLimit} each) and the files produced from them.</li>
          <li>A record of the actions taken on each case and document, for the audit trail.</li>
        </ul>
      </DocumentSection>
      <DocumentSection title="How We Use Your Information">
        <p>
          We use your documents only to read their pages, detect their index, build the hyperlinks and bookmarks you review, and
          produce your court-ready PDFs. Your account information identifies you in the application and in the audit trail. We do
          not sell your information or use your documents for any other purpose.
        </p>
      </DocumentSection>
      <DocumentSection title="Data Security">
        <p>
          Access requires signing in. Sessions are protected by secure, HTTP-only cookies; passwords are stored only as salted
          hashes. Documents are kept on the firm&apos;s own storage and every change is recorded with who made it and when.
        </p>
      </DocumentSection>
      <DocumentSection title="Data Retention">
        <p>
          Each document is retained for {retention} after upload and then deleted automatically, together with its generated files; a case is deleted once it is that old and has no documents left.
          You may delete a case or a document at any time, and we delete data on request.
        </p>
      </DocumentSection>
      <DocumentSection title="Legal Compliance">
        <p>
          We handle your information in line with applicable privacy and data-protection law and with the confidentiality
          obligations that apply to legal professionals. We disclose information only where the law requires it.
        </p>
      </DocumentSection>
      <DocumentSection title="Contact Us">
        <p>
          Questions about this policy or requests to delete your data can be sent through the ‘Report an Issue’ button (in the menu under your initials, top right, and on every error screen). We respond to
          non-critical requests within 24 hours.
        </p>
        <ReportIssueButton />
      </DocumentSection>
    </DocumentPage>
  );
}
