import { Navigate, Route, Routes } from 'react-router';
import { FirstCaseRedirect, CasePage } from './pages/case-page.tsx';
import { CaseManagementPage } from './pages/case-management-page.tsx';
import { HelpPage } from './pages/help-page.tsx';
import { LandingPage } from './pages/landing-page.tsx';
import { LinksPage } from './pages/links-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { OcrPage, OcrRedirect } from './pages/ocr-page.tsx';
import { PeoplePage } from './pages/people-page.tsx';
import { AccountPage } from './pages/account-page.tsx';
import { TrashPage } from './pages/trash-page.tsx';
import { ReviewPage } from './pages/review-page.tsx';
import { CourtSubmitPage } from './pages/court-submit-page.tsx';
import { ReanalyzePage } from './pages/reanalyze-page.tsx';
import { PrivacyPage } from './pages/privacy-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { SignUpPage } from './pages/sign-up-page.tsx';
import { StatusPage } from './pages/status-page.tsx';
import { TermsPage } from './pages/terms-page.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { ReviewQueuePage } from './pages/review-queue-page.tsx';
import { IndexViewerPage } from './pages/index-viewer-page.tsx';
import { WorkspacePage } from './pages/workspace-page.tsx';
import { DiagnosticsPage } from './pages/diagnostics-page.tsx';

/** Which screens a visitor can reach (spec §2 "Route sets by host"). */
export type RouteSet = 'loading' | 'public-host' | 'signed-out' | 'signed-in';

export function AppRoutes({ set }: { set: RouteSet }) {
  if (set === 'loading') {
    // Until we know the host's route set and who is signed in: the landing and legal pages, which every
    // visitor may see, and a spinner elsewhere, so no screen flashes up that the visitor may not use.
    return (
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/privacy-policy" element={<PrivacyPage />} />
        <Route path="/terms-of-service" element={<TermsPage />} />
        <Route path="*" element={<PageSpinner />} />
      </Routes>
    );
  }
  if (set === 'public-host') {
    return (
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/privacy-policy" element={<PrivacyPage />} />
        <Route path="/terms-of-service" element={<TermsPage />} />
        <Route path="*" element={<LandingPage />} />
      </Routes>
    );
  }
  if (set === 'signed-out') {
    return (
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/privacy-policy" element={<PrivacyPage />} />
        <Route path="/terms-of-service" element={<TermsPage />} />
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="*" element={<LandingPage />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path="/" element={<CaseManagementPage />} />
      <Route path="/case-management" element={<CaseManagementPage />} />
      <Route path="/cases" element={<FirstCaseRedirect />} />
      <Route path="/cases/:caseId" element={<CasePage />} />
      <Route path="/cases/:caseId/ocr" element={<OcrPage />} />
      <Route path="/cases/:caseId/review" element={<ReviewPage />} />
      <Route path="/cases/:caseId/review/:docId" element={<ReviewPage />} />
      <Route path="/cases/:caseId/reanalyze" element={<ReanalyzePage />} />
      <Route path="/cases/:caseId/workspace" element={<WorkspacePage />} />
      <Route path="/cases/:caseId/gpt5-test" element={<DiagnosticsPage />} />
      <Route path="/review" element={<ReviewQueuePage />} />
      <Route path="/index-viewer/:filename" element={<IndexViewerPage />} />
      <Route path="/ocr" element={<OcrRedirect />} />
      <Route path="/instant" element={<CourtSubmitPage />} />
      <Route path="/court-ready" element={<CourtSubmitPage />} />
      <Route path="/help" element={<HelpPage />} />
      <Route path="/people" element={<PeoplePage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/trash" element={<TrashPage />} />
      <Route path="/status" element={<StatusPage />} />
      <Route path="/links" element={<LinksPage />} />
      <Route path="/hyperlinks" element={<LinksPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/terms-of-service" element={<TermsPage />} />
      <Route path="/signin" element={<Navigate to="/" replace />} />
      <Route path="/signup" element={<Navigate to="/" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
