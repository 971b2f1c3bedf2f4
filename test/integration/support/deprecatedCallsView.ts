import type {
  CallsNode,
  DeprecatedCallsTree,
} from '../../../src/extension/deprecations/deprecatedCallsTree';

/** Resolves once the view's data satisfies the predicate, waiting on its change event. */
export function viewSettles(tree: DeprecatedCallsTree, predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!predicate()) return;
      subscription.dispose();
      resolve();
    };
    const subscription = tree.onDidChangeTreeData(check);
    check();
  });
}

/** Every node of the view, depth first. */
export function allNodes(tree: DeprecatedCallsTree, node?: CallsNode): CallsNode[] {
  return tree.getChildren(node).flatMap((child) => [child, ...allNodes(tree, child)]);
}
