/**
 * Lets a prompt through once per subject until it is reset: when many requests fail with 401
 * together, the user is asked once to set the key, not once per request.
 */
export class PromptGate {
  private readonly asked = new Set<string>();

  /** True the first time for a subject (and the first time after reset). */
  claim(subject: string): boolean {
    if (this.asked.has(subject)) return false;
    this.asked.add(subject);
    return true;
  }

  reset(subject: string): void {
    this.asked.delete(subject);
  }
}
