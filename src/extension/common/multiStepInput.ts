import * as vscode from 'vscode';

/** Returned by a step when the user pressed Back. */
export const BACK = Symbol('back');

interface StepFrame {
  title: string;
  step: number;
  totalSteps: number;
}

export interface InputStep extends StepFrame {
  value: string;
  prompt: string;
  placeholder?: string;
  password?: boolean;
  /** A message while the text is invalid (shown as you type), undefined when it is fine. */
  validate?: (text: string) => string | undefined;
  /** A warning shown as you type that does not stop Enter (plain http to a remote host). */
  warn?: (text: string) => string | undefined;
}

export interface PickStep<T extends vscode.QuickPickItem> extends StepFrame {
  items: readonly T[];
  active?: T;
  placeholder?: string;
}

/**
 * One input box or quick pick of a multi-step flow, with the step counter and a Back button from
 * the second step on. Escape rejects with a CancellationError, which callers leave silent.
 */
export function showInputStep(options: InputStep): Promise<string | typeof BACK> {
  const input = vscode.window.createInputBox();
  applyFrame(input, options);
  input.value = options.value;
  input.prompt = options.prompt;
  input.placeholder = options.placeholder;
  input.password = options.password ?? false;
  input.ignoreFocusOut = true;
  const check = () => {
    const problem = options.validate?.(input.value);
    const warning = problem === undefined ? options.warn?.(input.value) : undefined;
    input.validationMessage =
      problem ??
      (warning === undefined
        ? undefined
        : { message: warning, severity: vscode.InputBoxValidationSeverity.Warning });
    return problem;
  };
  check();
  return run(input, (resolve, disposables) => {
    disposables.push(
      input.onDidChangeValue(check),
      input.onDidAccept(() => {
        if (!check()) resolve(input.value);
      }),
    );
  });
}

export function showPickStep<T extends vscode.QuickPickItem>(
  options: PickStep<T>,
): Promise<T | typeof BACK> {
  const pick = vscode.window.createQuickPick<T>();
  applyFrame(pick, options);
  pick.items = options.items;
  pick.placeholder = options.placeholder;
  pick.ignoreFocusOut = true;
  if (options.active) pick.activeItems = [options.active];
  return run(pick, (resolve, disposables) => {
    disposables.push(
      pick.onDidAccept(() => {
        // An Enter that arrives before the list settles has no selection yet: take the active row.
        const [chosen] = pick.selectedItems.length > 0 ? pick.selectedItems : pick.activeItems;
        if (chosen) resolve(chosen);
      }),
    );
  });
}

function applyFrame(
  input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] },
  frame: StepFrame,
): void {
  input.title = frame.title;
  input.step = frame.step;
  input.totalSteps = frame.totalSteps;
  input.buttons = frame.step > 1 ? [vscode.QuickInputButtons.Back] : [];
}

function run<T>(
  input: vscode.QuickInput & { onDidTriggerButton: vscode.Event<vscode.QuickInputButton> },
  wire: (resolve: (value: T) => void, disposables: vscode.Disposable[]) => void,
): Promise<T | typeof BACK> {
  const disposables: vscode.Disposable[] = [];
  return new Promise<T | typeof BACK>((resolve, reject) => {
    let settled = false;
    const settle = (value: T | typeof BACK) => {
      settled = true;
      resolve(value);
    };
    wire(settle, disposables);
    disposables.push(
      input.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) settle(BACK);
      }),
      input.onDidHide(() => {
        if (!settled) reject(new vscode.CancellationError());
      }),
    );
    input.show();
  }).finally(() => {
    for (const disposable of disposables) disposable.dispose();
    input.dispose();
  });
}
