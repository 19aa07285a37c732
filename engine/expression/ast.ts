/**
 * The parts of jsonata's syntax tree (`jsonata(src).ast()`, after its own post-processing) the
 * fast evaluator reads. jsonata does not type it; this is the shape it prints.
 */
export interface Node {
  type: string;
  value?: unknown;
  position?: number;
  steps?: Node[];
  stages?: Stage[];
  predicate?: Stage[];
  group?: { lhs: [Node, Node][] };
  lhs?: Node | [Node, Node][];
  rhs?: Node;
  expression?: Node;
  expressions?: Node[];
  arguments?: Node[];
  procedure?: Node;
  body?: Node;
  signature?: unknown;
  condition?: Node;
  then?: Node;
  else?: Node;
  terms?: { descending: boolean; expression: Node }[];
  keepArray?: boolean;
  keepSingletonArray?: boolean;
  consarray?: boolean;
  tuple?: boolean;
  focus?: string;
  index?: string;
  ancestor?: unknown;
  seekingParent?: unknown;
  thunk?: boolean;
}

export interface Stage {
  type: string;
  expr: Node;
}
