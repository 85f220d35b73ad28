/** The lazily loaded chunk "lesson-tools": one calculator or diagram, by its directive's type and kind. */
import type { CalculatorKind, DiagramKind, ToolType } from '../../../common/lessonTools';
import { Calculator } from './calculators';
import { Diagram } from './diagrams';

export default function LessonTool({ type, kind }: { type: ToolType; kind: string }) {
  return type === 'calculator' ? <Calculator kind={kind as CalculatorKind} /> : <Diagram kind={kind as DiagramKind} />;
}
