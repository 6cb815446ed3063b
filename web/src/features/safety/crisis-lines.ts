// The crisis services the safety page offers. They are fixed public numbers and addresses, kept
// apart from the copy so the links cannot drift when the wording is edited.

/** The 988 Suicide & Crisis Lifeline: calls and texts to 988, and an online chat. */
export const lifeline = {
  call: 'tel:988',
  text: 'sms:988',
  chat: 'https://988lifeline.org/chat',
} as const;

/** Emergency services in the United States. */
export const emergency = {
  call: 'tel:911',
} as const;
