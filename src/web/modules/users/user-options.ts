import { ROLES } from "../../../domain/auth/permissions";

export const USER_ROLES = ROLES;
export const USER_STATUSES = ["pending", "active", "inactive"] as const;
export const USER_LEVELS = [
  "intern",
  "junior",
  "middle",
  "senior",
  "lead",
] as const;

export type User = {
  id: string;
  email: string;
  fullName: string;
  role: string;
  status: string;
  phone?: string | null;
  title?: string | null;
  level?: string | null;
  managerId?: string | null;
  joinDate?: string | null;
  createdAt?: string;
  updatedAt?: string;
};
