package jmpi.launcher;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.constantpool.MethodRefEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;

/**
 * Rewrites a rank's classes so that {@code System.exit(int)}, {@code Runtime.exit(int)} and
 * {@code Runtime.halt(int)} call {@link jmpi.spi.ExitTrap} instead: with ranks as threads, one
 * rank's exit must end that rank (and, if non-zero, the job with its code), not the JVM silently.
 * Uses the JDK's {@code java.lang.classfile} API; a class that never names these methods is returned
 * unchanged without being rebuilt.
 *
 * <p>Not covered: exits reached through reflection or a method handle ({@code System::exit} as a
 * lambda is covered, since the lambda body is a method of the class).
 */
final class ExitCallRewriter {
    private static final ClassDesc TRAP = ClassDesc.of("jmpi.spi.ExitTrap");
    private static final MethodTypeDesc EXIT = MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_int);
    private static final MethodTypeDesc RUNTIME_EXIT = MethodTypeDesc.of(ConstantDescs.CD_void,
            ClassDesc.of("java.lang.Runtime"), ConstantDescs.CD_int);

    private final ClassFile classFile;

    /** @param loader resolves the program's own classes when stack maps must be recomputed */
    ExitCallRewriter(ClassLoader loader) {
        this.classFile = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                ClassHierarchyResolver.defaultResolver().orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
    }

    byte[] rewrite(byte[] bytes) {
        ClassModel model = classFile.parse(bytes);
        if (!namesExit(model)) {
            return bytes;
        }
        return classFile.transformClass(model, ClassTransform.transformingMethodBodies((code, element) -> {
            if (element instanceof InvokeInstruction call) {
                if (isSystemExit(call)) {
                    code.invokestatic(TRAP, "exit", EXIT);
                    return;
                }
                if (isRuntimeExit(call)) {
                    code.invokestatic(TRAP, "runtimeExit", RUNTIME_EXIT);
                    return;
                }
            }
            code.with(element);
        }));
    }

    private static boolean namesExit(ClassModel model) {
        for (PoolEntry e : model.constantPool()) {
            if (e instanceof MethodRefEntry m) {
                String owner = m.owner().asInternalName();
                String name = m.name().stringValue();
                if ((owner.equals("java/lang/System") && name.equals("exit"))
                        || (owner.equals("java/lang/Runtime") && (name.equals("exit") || name.equals("halt")))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isSystemExit(InvokeInstruction call) {
        return call.opcode() == Opcode.INVOKESTATIC
                && call.owner().asInternalName().equals("java/lang/System")
                && call.name().equalsString("exit")
                && call.type().equalsString("(I)V");
    }

    private static boolean isRuntimeExit(InvokeInstruction call) {
        return call.opcode() == Opcode.INVOKEVIRTUAL
                && call.owner().asInternalName().equals("java/lang/Runtime")
                && (call.name().equalsString("exit") || call.name().equalsString("halt"))
                && call.type().equalsString("(I)V");
    }
}
