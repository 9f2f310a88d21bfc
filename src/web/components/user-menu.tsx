import { Activity, Bug, LayoutDashboard, LogOut, Trash2, UserCog, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { avatarInitials, displayName, type User } from '../../contract/auth.ts';
import { ReportIssueDialog } from './report-issue.tsx';
import { Avatar } from './ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';

/**
 * Avatar button opening the account menu: full name, email, Dashboard, People, System Status, Report an
 * Issue, Log out (spec §2, §3); and Account (change password, sign out everywhere), and Trash for
 * administrators.
 */
export function UserMenu({ user }: { user: User }) {
  const name = displayName(user);
  const [reporting, setReporting] = useState(false);
  return (
    <>
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${name}`}
        className="cursor-pointer rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <Avatar initials={avatarInitials(user)} imageUrl={user.profileImageUrl} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="font-semibold" data-testid="user-menu-name">{name}</p>
          {user.email ? <p className="mt-0.5 truncate text-xs text-muted-foreground">{user.email}</p> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/">
            <LayoutDashboard aria-hidden />
            Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/people">
            <Users aria-hidden />
            People
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserCog aria-hidden />
            Account
          </Link>
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem asChild>
            <Link to="/trash">
              <Trash2 aria-hidden />
              Trash
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/status">
            <Activity aria-hidden />
            System Status
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setReporting(true)}>
          <Bug aria-hidden />
          Report an Issue
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href="/api/logout">
            <LogOut aria-hidden />
            Log out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
    <ReportIssueDialog open={reporting} onOpenChange={setReporting} />
    </>
  );
}
