package jmpi.launcher;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.constantpool.MethodRefEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DynamicCallSiteDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;

/**
 * Rewrites a rank's classes so that {@code System.exit(int)}, {@code Runtime.exit(int)} and
 * {@code Runtime.halt(int)} call {@link jmpi.spi.ExitTrap} instead: with ranks as threads, one
 * rank's exit must end that rank (and, if non-zero, the job with its code), not the JVM silently.
 * Uses the JDK's {@code java.lang.classfile} API; a class that never names these methods is returned
 * unchanged without being rebuilt.
 *
 * <p>Method references ({@code System::exit}, {@code Runtime::halt}, {@code runtime::exit}) carry
 * the target as a method handle among their {@code invokedynamic} bootstrap arguments, with no call
 * instruction in the class: those handles are redirected to the trap too. Not covered: exits reached
 * through reflection or through method handles looked up at run time.
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
            if (element instanceof InvokeDynamicInstruction indy && refersToExit(indy)) {
                code.invokedynamic(DynamicCallSiteDesc.of(indy.bootstrapMethod(), indy.name().stringValue(),
                        indy.typeSymbol(), indy.bootstrapArgs().stream().map(ExitCallRewriter::trapHandle)
                                .toArray(ConstantDesc[]::new)));
                return;
            }
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

    private static boolean refersToExit(InvokeDynamicInstruction indy) {
        for (ConstantDesc arg : indy.bootstrapArgs()) {
            if (trapHandle(arg) != arg) {
                return true;
            }
        }
        return false;
    }

    /** A bootstrap argument, with a direct handle to an exit method replaced by one to the trap. */
    private static ConstantDesc trapHandle(ConstantDesc arg) {
        if (arg instanceof DirectMethodHandleDesc h && h.lookupDescriptor().equals("(I)V")) {
            String owner = h.owner().descriptorString();
            if (h.kind() == DirectMethodHandleDesc.Kind.STATIC && owner.equals("Ljava/lang/System;")
                    && h.methodName().equals("exit")) {
                return MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.STATIC, TRAP, "exit", EXIT);
            }
            if (h.kind() == DirectMethodHandleDesc.Kind.VIRTUAL && owner.equals("Ljava/lang/Runtime;")
                    && (h.methodName().equals("exit") || h.methodName().equals("halt"))) {
                return MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.STATIC, TRAP, "runtimeExit", RUNTIME_EXIT);
            }
        }
        return arg;
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
