/**
 * Tools inside the lessons: the calculators and diagrams that content directives embed, and the
 * glossary terms marked in a section. The tools themselves are a lazily loaded chunk ("lesson-tools")
 * that only a page with a placeholder downloads; what lives here is small.
 */
export { ToolSlots } from './components/ToolSlots';
export { GlossaryTips } from './components/GlossaryTips';
