// Switches read from the address the page was opened with. They are read once, at start, and kept
// for the life of the page: in-app links don't carry query parameters along, and a switch that
// vanished on the second screen would be no use to the people testing with it.

export interface LaunchFlags {
  /** logout shows a sign-out button in the top bar (?ff_logout=1, spec §2). */
  logout: boolean;
}

let flags: LaunchFlags = { logout: false };

/** readLaunchFlags reads the switches from a query string such as location.search. */
export function readLaunchFlags(search: string): LaunchFlags {
  const params = new URLSearchParams(search);
  flags = { logout: params.get('ff_logout') === '1' };
  return flags;
}

/** launchFlags returns the switches read at start. */
export function launchFlags(): LaunchFlags {
  return flags;
}
