import { answerTranscodeTask } from '../modules/answers/answer-processing';
import { processLibraryVideoTask } from '../modules/videos/video-processing.task';
import type { TaskHandler } from '../platform/tasks/task-handler';

/** Every kind of task in the tasks table and its handler. Features add theirs here. */
export const allTaskHandlers: TaskHandler[] = [
  answerTranscodeTask,
  processLibraryVideoTask,
];
