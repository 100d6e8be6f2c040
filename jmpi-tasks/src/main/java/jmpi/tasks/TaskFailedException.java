package jmpi.tasks;

/**
 * Carries a checked exception thrown by a task or loop body (through a sneaky throw) to the thread
 * that started the work. Unchecked exceptions and errors are rethrown as they are, not wrapped.
 * Thrown on the thread that started the work, once every worker is done with it.
 */
public final class TaskFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TaskFailedException(Throwable cause) {
        super("a task failed: " + cause, cause);
    }
}
