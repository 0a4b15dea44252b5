/** The signed-in user as pages, actions and components see it (never a password hash or token). */
export interface SessionUser {
  id: number | string;
  username: string;
  email: string;
  confirmed: boolean;
  blocked: boolean;
  role?: { id?: number; name: string; type: string };
}
