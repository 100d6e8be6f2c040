package jmpi.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import jmpi.spi.LinePadding;

/**
 * Checks that a class follows {@link LinePadding}'s pattern, which the JVM's field layout then turns into 64 bytes
 * of padding before and after the object's fields: the class is final and not an inner class; its superclass is
 * abstract and extends {@link LinePadding} directly; its own instance fields are exactly eight {@code long}s. A
 * field added to the final class (it would land behind the padding, next to the next object in the heap) or a
 * class that moved off the pattern fails here.
 */
public final class LinePaddingCheck {
    private LinePaddingCheck() {
    }

    /** Asserts the pattern for the class named {@code className} (package-private classes are named, not linked). */
    public static void assertPadded(String className) throws ClassNotFoundException {
        Class<?> c = Class.forName(className);
        assertTrue(Modifier.isFinal(c.getModifiers()), className + " must be final");
        assertTrue(c.getEnclosingClass() == null || Modifier.isStatic(c.getModifiers()),
                className + " must not be an inner class (its enclosing-instance field would follow the padding)");
        Class<?> fields = c.getSuperclass();
        assertTrue(Modifier.isAbstract(fields.getModifiers()), fields.getName() + " (the fields of " + className
                + ") must be abstract");
        assertEquals(LinePadding.class, fields.getSuperclass(), fields.getName() + " must extend LinePadding directly");
        List<String> own = new ArrayList<>();
        int longs = 0;
        for (Field f : c.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            own.add(f.getType().getSimpleName() + " " + f.getName());
            if (f.getType() == long.class) {
                longs++;
            }
        }
        assertEquals(8, longs, className + " must declare eight long fields (its trailing padding): " + own);
        assertEquals(8, own.size(), className + " must declare no fields but its padding: " + own);
    }
}
