import { defineMessages } from '@/lib/messages';
import en from './en/staff-members.json';

/**
 * staffMembersMessages is the copy of the members list and a member's page. Texts the spec fixes
 * are kept word for word: "No users found", "Unable to fetch user", "User profile updated
 * successfully", "Unable to update user profile", "Unable to upload profile picture", "Coach
 * switched successfully", "Switch coach error: Unable to switch coach" and "No coaches found".
 */
export const staffMembersMessages = defineMessages({ en });
